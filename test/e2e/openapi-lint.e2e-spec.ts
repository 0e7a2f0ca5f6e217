import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exportOpenApiDocument } from '../../src/openapi-export';

const execFileAsync = promisify(execFile);
const BIN = join(__dirname, '..', '..', 'node_modules', '.bin');

/**
 * Warnings the document keeps on purpose, by rule; any other finding fails, so a new tag without a description,
 * an example that contradicts its schema or a lost `servers` entry is caught too.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {
  'info-license': 'the service is proprietary: there is no licence to name',
  'operation-4xx-response': 'the health probes and the plan list have no client error to give',
  'operation-description': 'every operation has a summary; a description is added where the summary is not enough',
  'operation-2xx-response': 'a tracked link (`/l/{code}`) answers a redirect, 302, and never 2xx',
};

interface Finding {
  rule: string;
  severity: string;
  where: string;
  message: string;
}

/** Both linters exit non-zero when they find errors; their JSON report is on stdout either way. */
async function runLinter(bin: string, args: string[]): Promise<string> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  try {
    return (await execFileAsync(join(BIN, bin), args, { env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (failure) {
    const { stdout } = failure as { stdout?: string };
    if (!stdout) throw failure;
    return stdout;
  }
}

const unaccepted = (findings: Finding[]) =>
  findings
    .filter(({ rule, severity }) => severity === 'error' || !(rule in ACCEPTED_WARNINGS))
    .map(({ rule, severity, where, message }) => `${severity} ${rule} at ${where}: ${message}`);

describe('The OpenAPI document passes Redocly (recommended) and Spectral (spectral:oas)', () => {
  let dir: string;
  let documentPath: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'botlens-openapi-'));
    documentPath = join(dir, 'openapi.json');
    writeFileSync(documentPath, JSON.stringify(await exportOpenApiDocument()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('Redocly finds no error and no warning beyond the accepted ones', async () => {
    const report = JSON.parse(
      await runLinter('redocly', ['lint', '--format', 'json', '--config', 'redocly.yaml', documentPath]),
    ) as {
      problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const findings = report.problems.map((p) => ({
      rule: p.ruleId,
      severity: p.severity,
      where: p.location[0]?.pointer ?? '',
      message: p.message,
    }));
    expect(unaccepted(findings)).toEqual([]);
  });

  it('Spectral finds no error and no warning beyond the accepted ones', async () => {
    const severities = ['error', 'warn', 'info', 'hint'];
    const report = JSON.parse(
      await runLinter('spectral', ['lint', '--format', 'json', '--ruleset', '.spectral.yaml', '--quiet', documentPath]),
    ) as Array<{
      code: string;
      severity: number;
      message: string;
      path: string[];
    }>;
    const findings = report.map((p) => ({
      rule: p.code,
      severity: severities[p.severity],
      where: p.path.join('.'),
      message: p.message,
    }));
    expect(unaccepted(findings)).toEqual([]);
  });
});
