import { join } from 'node:path';
import { describeArtifact } from '@test/fixtures/contracts/artifact-spec';
import { priceAggregatorAbi, priceAggregatorBytecode } from './price-aggregator.artifact';

describeArtifact('DevPriceAggregator', {
  file: join(__dirname, 'price-aggregator.artifact.ts'),
  abiName: 'priceAggregatorAbi',
  bytecodeName: 'priceAggregatorBytecode',
  abi: priceAggregatorAbi,
  bytecode: priceAggregatorBytecode,
});
