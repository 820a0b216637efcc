/**
 * LiteSVM's transaction errors in the JSON shape a Solana node answers them (`"AccountNotFound"`,
 * `{"InstructionError":[0,{"Custom":1}]}`, `{"InsufficientFundsForRent":{"account_index":1}}`). LiteSVM's
 * fieldless errors are TypeScript const enums (numbers at run time, no names): the names below are copied in
 * the declaration order of litesvm 0.8's `TransactionErrorFieldless` / `InstructionErrorFieldless`.
 */
const TRANSACTION_ERRORS =
  'AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled'.split(
    ' ',
  );
const INSTRUCTION_ERRORS =
  'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError'.split(
    ' ',
  );

interface WithErr {
  index: number;
  err(): unknown;
}

export function transactionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? `TransactionError${error}`;
  if (error && typeof (error as WithErr).err === 'function' && typeof (error as WithErr).index === 'number') {
    return { InstructionError: [(error as WithErr).index, instructionErrorJson((error as WithErr).err())] };
  }
  if (error && typeof error === 'object') {
    const name = error.constructor.name.replace(/^TransactionError/, '');
    const fields = Object.fromEntries(
      Object.entries(error).map(([key, value]) => [
        key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value,
      ]),
    );
    return Object.keys(fields).length === 1 && 'index' in fields
      ? { [name]: fields.index }
      : { [name]: fields };
  }
  return String(error);
}

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? `InstructionError${error}`;
  if (error && typeof error === 'object' && 'code' in error)
    return { Custom: (error as { code: number }).code };
  return String(error);
}
