export {
  backoffDelay,
  isRetryableError,
  isRetryableHttpStatus,
  NonRetryableError,
  RetryableError,
} from './retryable';
