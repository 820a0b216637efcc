import { z } from 'zod';
import { bigIntInput, decimalInput, safeIntegerInput } from '@chainwire/core';

const MAX_UINT256 = 2n ** 256n - 1n;

/** Absent and null mean the same for optional fields (clients often send every key). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

/**
 * Body of POST /api/staking/undelegate/build: exactly one of amountWei, shares, all = true. Amounts are
 * exact integers (number literals or decimal strings). The nonce and fee overrides have prepare-sign's
 * shapes here; their ranges are prepare-sign's rules, checked by the EVM preparer (EVM_CALL_PREPARER), and
 * Tron refuses them as prepare-sign does.
 */
export const undelegateSchema = z
  .object({
    chain: z.string().trim().min(1).meta({ description: 'Registry chain id', example: 'smartchain' }),
    from: z.string().trim().min(1).meta({ description: 'The delegator, who signs' }),
    /** EVM: the operator address (required); Tron: not used (unfreezing is not per SR). */
    validatorId: optional(z.string().trim().min(1)).meta({
      description: 'EVM (required): the operator address',
    }),
    amountWei: optional(bigIntInput()).meta({
      description: 'Wei (Tron: sun) to undelegate; EVM converts it to shares at the pool rate, rounded down',
    }),
    shares: optional(bigIntInput()).meta({ description: 'EVM: shares to undelegate' }),
    all: optional(z.boolean()).meta({
      description: 'true: every share held (EVM), all frozen or delegated sun (Tron)',
    }),
    /** Tron: the resource to unfreeze or take back; default BANDWIDTH. */
    resource: optional(z.enum(['BANDWIDTH', 'ENERGY'])),
    /** Tron: take back resource delegated to this address (UnDelegateResource) instead of unfreezing. */
    receiver: optional(z.string().trim().min(1)),
    /** EVM: the nonce to sign with; default the sender's pending nonce. */
    nonce: optional(safeIntegerInput()),
    /** EVM (EIP-1559): replaces the standard tip. */
    maxPriorityFeePerGasWei: optional(bigIntInput()),
    /** EVM: scales the standard tip (EIP-1559) or gas price (LEGACY); a decimal string. */
    priorityFeeMultiplier: optional(decimalInput()),
  })
  .refine(
    (b) => [b.amountWei !== undefined, b.shares !== undefined, b.all === true].filter(Boolean).length === 1,
    { error: 'give exactly one of amountWei, shares or all: true' },
  )
  .refine((b) => [b.amountWei, b.shares].every((v) => v === undefined || (v > 0n && v <= MAX_UINT256)), {
    error: 'amountWei and shares must be integers from 1 to 2^256-1',
  });

export type UndelegateRequest = z.output<typeof undelegateSchema>;
