import type { WindowBlock } from './window/chain-stream-state';

/**
 * The window block whose hash on the node tells a reorg from a lagging node (docs/architecture.md §6):
 * the tip, or the block at the node's head when that is below the tip, since a chain reorganised to
 * a shorter branch has no block at the tip's height. Undefined when the node's head is below the
 * window: nothing indexed there to compare with, so the node is waited for.
 */
export function probedBlock(window: readonly WindowBlock[], head: bigint): WindowBlock | undefined {
  const tip = window[window.length - 1];
  if (!tip || head >= tip.number) return tip;
  return window.find((block) => block.number === head);
}
