export { listenForMetrics, type MetricsListener } from './metrics-listener';
export { registerHttpMetrics } from './http-metrics';
