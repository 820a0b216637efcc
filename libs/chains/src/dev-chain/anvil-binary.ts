import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/**
 * The anvil executable shipped by the platform package `@foundry-rs/anvil-<os>-<arch>`. The wrapper
 * package's postinstall (which would link it) does not run here, so it is resolved directly.
 * `ANVIL_BIN` overrides it (e.g. a system foundry install).
 */
export function resolveAnvilBinary(): string {
  const override = process.env.ANVIL_BIN;
  if (override) return override;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${ARCH[process.arch] ?? process.arch}`;
  let packageJson: string;
  try {
    packageJson = require.resolve(`${platformPackage}/package.json`);
  } catch {
    throw new Error(
      `anvil binary not found: install ${platformPackage} (an optional dependency) or set ANVIL_BIN`,
    );
  }
  const binary = join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}`);
  return binary;
}
