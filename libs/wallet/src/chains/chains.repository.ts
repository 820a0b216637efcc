import { ChainEntity } from '@chainwire/chains';
import type { Repository } from 'typeorm';

/** Every registered chain, in id order (167 rows of reference data: read whole, filtered in memory). */
export function readChains(table: Repository<ChainEntity>): Promise<ChainEntity[]> {
  return table.find({ order: { id: 'ASC' } });
}
