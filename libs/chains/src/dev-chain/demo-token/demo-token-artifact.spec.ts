import { join } from 'node:path';
import { describeArtifact } from '@test/fixtures/contracts/artifact-spec';
import { demoTokenAbi, demoTokenBytecode } from './demo-token.artifact';

describeArtifact('DemoToken', {
  file: join(__dirname, 'demo-token.artifact.ts'),
  abiName: 'demoTokenAbi',
  bytecodeName: 'demoTokenBytecode',
  abi: demoTokenAbi,
  bytecode: demoTokenBytecode,
});
