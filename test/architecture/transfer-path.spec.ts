import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '@chainwire/core';

/** The walk-through's heading in docs/architecture.md; its numbered lines name a file and what it exports. */
const HEADING = /^## §\d+ One transfer's path/;
const STEP = /^\d+\. `([^`]+)` — `([A-Za-z0-9_]+)`/;
const MAX_FILES = 20;

interface Step {
  readonly file: string;
  readonly name: string;
}

function walkThrough(markdown: string): Step[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => HEADING.test(line));
  if (start < 0) throw new Error('docs/architecture.md has no "One transfer\'s path" section');
  const steps: Step[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    const step = STEP.exec(line);
    if (step) steps.push({ file: step[1]!, name: step[2]! });
  }
  return steps;
}

function exportsName(source: string, name: string): boolean {
  const declared = new RegExp(
    `export\\s+(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:function\\*?|class|const|let|interface|type|enum)\\s+${name}\\b`,
  );
  const listed = new RegExp(`export\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}`);
  return declared.test(source) || listed.test(source);
}

/**
 * docs/architecture.md walks one ERC-20 transfer from the EVM indexer's block fetch to the signed webhook
 * POST, a file a line: the walk stays short, visits no file twice, and names only what exists.
 */
describe("one transfer's path (docs/architecture.md)", () => {
  const steps = walkThrough(readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8'));

  it(`takes at most ${MAX_FILES} files, each visited once`, () => {
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.length).toBeLessThanOrEqual(MAX_FILES);
    const files = steps.map((step) => step.file);
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
  });

  it('starts at the indexer and ends at the webhook POST', () => {
    expect(steps[0]!.file).toMatch(/^libs\/indexing\//);
    expect(steps.at(-1)!.file).toMatch(/^libs\/(webhooks|core)\//);
  });

  it('names files that exist and export what the line says', () => {
    const wrong = steps.filter(({ file, name }) => {
      const path = join(PROJECT_ROOT, file);
      return !existsSync(path) || !exportsName(readFileSync(path, 'utf8'), name);
    });
    expect(wrong).toEqual([]);
  });

  it('reads a numbered line only as a file and its export', () => {
    expect(
      walkThrough(
        [
          "## §1 One transfer's path",
          '1. `libs/a.ts` — `a`: one',
          'prose',
          '2. `libs/b.ts` — `B`: two',
          '## §2 Next',
          '3. `libs/c.ts` — `c`',
        ].join('\n'),
      ),
    ).toEqual([
      { file: 'libs/a.ts', name: 'a' },
      { file: 'libs/b.ts', name: 'B' },
    ]);
    expect(exportsName('export async function runRound(', 'runRound')).toBe(true);
    expect(exportsName('export { Dispatcher, other }', 'Dispatcher')).toBe(true);
    expect(exportsName('function hidden()', 'hidden')).toBe(false);
  });
});
