import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The import rules (eslint.config.js, and scripts/check-import-cycles.mjs for circles) once passed every file without reading it (import-x
 * could not parse .ts), and nobody noticed because a rule that checks nothing reports nothing.
 * These fixtures break each rule on purpose, through the repository's own config, so a setting
 * that stops a rule from seeing the code fails here.
 *
 * The zones match by path, and a cycle needs modules the resolver can open, so the fixtures are
 * real files at the paths the rules guard. They live in folders made for this run and removed
 * after it, so tsc, vite, knip and the real lint run never see them.
 */
const tag = `__lint_fixture_${randomBytes(4).toString('hex')}`;
const folders = ['src-shared', 'src-shared/admin', 'src-shared/domain', 'src-web', 'server'].map((base) =>
  path.join(PROJECT_ROOT, base, tag),
);

function plant(relative: string, code: string): string {
  const file = path.join(PROJECT_ROOT, relative.replace('<tag>', tag));
  writeFileSync(file, code);
  return file;
}

const files = {
  cycleA: '',
  cycleB: '',
  componentCycle: '',
  componentPartner: '',
  typeCycle: '',
  typePartner: '',
  sharedToWeb: '',
  serverToAdmin: '',
  clean: '',
};

let eslint: ESLint;

async function problems(file: string) {
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, line: message.line, text: message.message }));
}

beforeAll(() => {
  for (const folder of folders) mkdirSync(folder, { recursive: true });
  plant('src-web/<tag>/page.ts', `export const page = 'web';\n`);
  plant('src-shared/admin/<tag>/screen.ts', `export const screen = 'admin';\n`);
  plant('src-shared/domain/<tag>/rule.ts', `export const rule = 'domain';\n`);
  // Two modules that import each other.
  files.cycleA = plant('src-shared/<tag>/a.ts', `import { b } from './b.ts';\n\nexport const a = (): string => \`a\${b()}\`;\n`);
  files.cycleB = plant('src-shared/<tag>/b.ts', `import { a } from './a.ts';\n\nexport const b = (): string => a.name;\n`);
  // A component and a module it uses, importing each other (JSX, so the .tsx parser is needed).
  files.componentCycle = plant(
    'src-web/<tag>/Panel.tsx',
    `import { title } from './panel-title.ts';\n\nexport const Panel = () => <h2>{title}</h2>;\n`,
  );
  files.componentPartner = plant(
    'src-web/<tag>/panel-title.ts',
    `import { Panel } from './Panel.tsx';\n\nexport const title = Panel.name;\n`,
  );
  // Two modules whose types refer to each other: no value crosses, still a circle in the map.
  files.typeCycle = plant(
    'src-shared/<tag>/order.ts',
    `import type { Line } from './line.ts';\n\nexport interface Order { lines: Line[] }\n`,
  );
  files.typePartner = plant(
    'src-shared/<tag>/line.ts',
    `import { type Order } from './order.ts';\n\nexport interface Line { order: Order }\n`,
  );
  // Shared code reaching into the web app.
  files.sharedToWeb = plant(
    'src-shared/<tag>/reach.ts',
    `import { page } from '../../src-web/${tag}/page.ts';\n\nexport const reach = page;\n`,
  );
  // The server reaching past src-shared/domain into the operator console's screens.
  files.serverToAdmin = plant(
    'server/<tag>/reach.ts',
    `import { screen } from '../../src-shared/admin/${tag}/screen.ts';\n\nexport const reach = screen;\n`,
  );
  // What the rules allow: the server using the domain.
  files.clean = plant(
    'server/<tag>/clean.ts',
    `import { rule } from '../../src-shared/domain/${tag}/rule.ts';\n\nexport const clean = rule;\n`,
  );
  eslint = new ESLint({ cwd: PROJECT_ROOT });
});

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** What scripts/check-import-cycles.mjs prints about the folders, and whether it failed. */
async function circlesIn(...folders: string[]) {
  const run = promisify(execFile)(process.execPath, ['scripts/check-import-cycles.mjs', ...folders], { cwd: PROJECT_ROOT });
  return run.then(
    ({ stdout }) => ({ failed: false, output: stdout }),
    (error: { stderr: string }) => ({ failed: true, output: error.stderr }),
  );
}

const relative = (file: string) => path.relative(PROJECT_ROOT, file);

/** Whether a printed circle runs between the two files, from either. */
function between(oneFile: string, otherFile: string) {
  const [one, other] = [relative(oneFile), relative(otherFile)];
  return (circle: string) => circle.endsWith(`: ${one} → ${other} → ${one}`) || circle.endsWith(`: ${other} → ${one} → ${other}`);
}

describe('the import circle check', () => {
  // Over the whole tree, so the three planted circles are all it finds: the project has none.
  it('names every planted circle, file by file, and nothing else', async () => {
    const { failed, output } = await circlesIn('server', 'src-web', 'src-shared', 'src-desktop');
    expect(failed).toBe(true);
    const circles = output.split('\n').filter((line) => line.startsWith('Import circle'));
    expect(circles).toHaveLength(3);
    expect(circles.filter(between(files.cycleA, files.cycleB))).toHaveLength(1);
    expect(circles.filter(between(files.componentCycle, files.componentPartner))).toHaveLength(1);
    // ESLint's import-x/no-cycle skips `import type`: this one passed lint before the check.
    expect(circles.filter(between(files.typeCycle, files.typePartner))).toHaveLength(1);
  });
});

describe('the import rules in eslint.config.js', () => {
  it('report src-shared importing the web app', async () => {
    expect(await problems(files.sharedToWeb)).toEqual([
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        line: 1,
        text: expect.stringContaining('src-shared must not depend on the web app'),
      }),
    ]);
  });

  it('report the server importing src-shared/admin', async () => {
    expect(await problems(files.serverToAdmin)).toEqual([
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        line: 1,
        text: expect.stringContaining('The server may import src-shared/domain only'),
      }),
    ]);
  });

  it("report a front end opening Fluent's Dialog without ModalDialog", async () => {
    const [result] = await eslint.lintText(
      `import { Dialog } from '@fluentui/react-components';\n\nexport const Modal = Dialog;\n`,
      { filePath: path.join(PROJECT_ROOT, 'src-desktop/renderer/modal.tsx') },
    );
    expect(result?.messages).toEqual([
      expect.objectContaining({ ruleId: 'no-restricted-imports', line: 1, message: expect.stringContaining('ModalDialog') }),
    ]);
  });

  it('pass an import the rules allow, so they are not failing everything', async () => {
    expect(await problems(files.clean)).toEqual([]);
  });
});
