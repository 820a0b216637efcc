import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  type Hex,
  isAddressEqual,
  namehash,
  parseAbi,
  type PublicClient,
  zeroAddress,
} from 'viem';
import { unavailableOr } from '../transactions/tx-errors';

const REGISTRY_ABI = parseAbi(['function resolver(bytes32 node) view returns (address)']);
const NAME_ABI = parseAbi(['function name(bytes32 node) view returns (string)']);
const ADDR_ABI = parseAbi(['function addr(bytes32 node) view returns (address)']);

/**
 * The primary ENS name of `address`: the reverse record (`<addr>.addr.reverse` → name) kept only when the
 * name's forward record resolves back to `address`, as ENS requires of a primary name; null otherwise.
 *
 * Read from the configured registry directly (registry → resolver → record, with viem's namehash and
 * normalize) rather than with viem's getEnsName/getEnsAddress: those go through a Universal Resolver, a
 * contract that is deployed only on public networks and that a chain with a registry of its own (a
 * private network, anvil) does not have. Node failures throw ChainUnavailableError; a registry, resolver
 * or record that is absent, reverts or returns nothing is "no name".
 */
export async function readVerifiedEnsName(
  client: PublicClient,
  registry: Address,
  address: Address,
): Promise<string | null> {
  try {
    const reverseNode = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
    const reverseResolver = await readResolver(client, registry, reverseNode);
    const name =
      reverseResolver &&
      (await readOrNull(() =>
        client.readContract({
          address: reverseResolver,
          abi: NAME_ABI,
          functionName: 'name',
          args: [reverseNode],
        }),
      ));
    // A primary name must be in normalised form: anything else cannot be resolved forward as written.
    if (!name || normalizedOrNull(name) !== name) return null;
    const node = namehash(name);
    const resolver = await readResolver(client, registry, node);
    const forward =
      resolver &&
      (await readOrNull(() =>
        client.readContract({ address: resolver, abi: ADDR_ABI, functionName: 'addr', args: [node] }),
      ));
    return forward && isAddressEqual(forward, address) ? name : null;
  } catch (error) {
    throw unavailableOr(error);
  }
}

/** The node's resolver, or null when the registry names none. */
async function readResolver(client: PublicClient, registry: Address, node: Hex): Promise<Address | null> {
  const resolver = await readOrNull(() =>
    client.readContract({ address: registry, abi: REGISTRY_ABI, functionName: 'resolver', args: [node] }),
  );
  return resolver && resolver !== zeroAddress ? resolver : null;
}

/** The call's result, or null when the contract reverted or has no code (no such record). */
async function readOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    const noRecord =
      error instanceof BaseError &&
      error.walk(
        (e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError,
      );
    if (noRecord) return null;
    throw error;
  }
}

type ViemEns = typeof import('viem/ens');
let viemEns: ViemEns | undefined;

/**
 * viem/ens (for `normalize`: ENSIP-15's tables), required on first use: loading its tables is a cost
 * every start of every role would pay for a check only the names route makes.
 */
function ens(): ViemEns {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose, see above
  return (viemEns ??= require('viem/ens') as ViemEns);
}

function normalizedOrNull(name: string): string | null {
  try {
    return ens().normalize(name);
  } catch {
    return null;
  }
}
