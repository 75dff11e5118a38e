// @vitest-environment happy-dom
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { errorText } from '../../../src/custom-pages/analysis/api.ts';
import { uploadFiles } from '../../../src/providers/file-transfer.ts';
import {
  checkUploadFiles,
  dispositionName,
  durationBetween,
  formatDuration,
  formatImportError,
  formatSourcePath,
  isActive,
  normaliseStatus,
  originsOf,
  parseProvenance,
  sourceStep,
  statusColour,
  statusLabelKey,
  uploadPercent,
} from '../../../src/custom-pages/analysis/helpers.ts';
import { storeToken, clearToken } from '../../../src/providers/token-store.ts';

describe('analysis statuses', () => {
  it('maps the six statuses of spec 4 and anything else to unknown', () => {
    for (const s of ['enqueued', 'running', 'completed', 'failed', 'canceled']) expect(normaliseStatus(s)).toBe(s);
    expect(normaliseStatus('paused')).toBe('unknown');
    expect(normaliseStatus(undefined)).toBe('unknown');
    expect(statusLabelKey('weird')).toBe('segra.analysis.status.unknown');
    expect(statusLabelKey('failed')).toBe('segra.analysis.status.failed');
  });
  it('colours failures red, completions green, and only enqueued/running are active', () => {
    expect(statusColour('failed')).toBe('error');
    expect(statusColour('completed')).toBe('success');
    expect(statusColour('canceled')).toBe('warning');
    expect(statusColour('nonsense')).toBe('default');
    expect(['enqueued', 'running', 'completed', 'failed', 'canceled', 'unknown'].filter(isActive)).toEqual(['enqueued', 'running']);
  });
});

describe('durations', () => {
  it('formats milliseconds, seconds, minutes and hours', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
    expect(formatDuration(120.4)).toBe('120 ms');
    expect(formatDuration(5230)).toBe('5.2 s');
    expect(formatDuration(184_000)).toBe('3 min 4 s');
    expect(formatDuration(3_720_000)).toBe('1 h 2 min');
  });
  it('measures from start to finish, or to now while running', () => {
    expect(durationBetween('2026-01-01T10:00:00Z', '2026-01-01T10:00:05Z')).toBe(5000);
    expect(durationBetween('2026-01-01T10:00:00Z', null, Date.parse('2026-01-01T10:01:00Z'))).toBe(60_000);
    expect(durationBetween(null, '2026-01-01T10:00:05Z')).toBeNull();
    expect(durationBetween('garbage', null)).toBeNull();
  });
});

describe('file names', () => {
  it('takes the file name of Content-Disposition', () => {
    expect(dispositionName('attachment; filename="Demo_analysis.csv"', 'x.csv')).toBe('Demo_analysis.csv');
    expect(dispositionName("attachment; filename*=UTF-8''Analiz%20%C3%B6rnek.xlsx", 'x')).toBe('Analiz örnek.xlsx');
    expect(dispositionName(null, 'fallback.zip')).toBe('fallback.zip');
  });
});

describe('provenance', () => {
  const raw = [
    {
      functionId: 'F_PAY',
      action: 'F110',
      sources: [[{ kind: 'role', name: 'Z_COMPOSITE' }, { kind: 'role', name: 'Z_PAY' }]],
      permissions: [{ object: 'F_REGU_BUK', auth: 'ZPAY01', source: 'R:Z_PAY', fields: { BUKRS: ['1000-1999'], FBTCH: ['*'] } }],
    },
    {
      functionId: 'F_VENDOR',
      action: null,
      sources: [[{ kind: 'user', name: 'REFUSER' }, { kind: 'profile', name: 'P_VEND' }], [{ kind: 'role', name: 'Z_AP' }]],
      permissions: [],
    },
  ];
  it('parses the JSON (also given as text) and drops malformed parts', () => {
    expect(parseProvenance(JSON.stringify(raw))).toEqual(raw);
    expect(parseProvenance('not json')).toEqual([]);
    expect(parseProvenance({})).toEqual([]);
    expect(parseProvenance([{ functionId: 'F', sources: [[{ kind: 'role', name: 'R' }], 'x'] }, 3])).toEqual([
      { functionId: 'F', action: null, sources: [[{ kind: 'role', name: 'R' }]], permissions: [] },
    ]);
  });
  it('keeps each permission object with its instance, source and values; a malformed one keeps what it can', () => {
    const [pay] = parseProvenance(raw);
    expect(pay.permissions).toEqual(raw[0].permissions);
    expect(parseProvenance([{ functionId: 'F', sources: [], permissions: [{ object: 'S_TCODE', auth: 'A', source: 'P:SAP_ALL', fields: { TCD: 'FB01' } }, 'x'] }])[0].permissions).toEqual([
      { object: 'S_TCODE', auth: 'A', source: 'P:SAP_ALL', fields: { TCD: ['FB01'] } },
    ]);
  });
  it('reads a permission source as a step of a path', () => {
    expect(sourceStep('R:Z_PAY')).toEqual({ kind: 'role', name: 'Z_PAY' });
    expect(sourceStep('P:SAP_ALL')).toEqual({ kind: 'profile', name: 'SAP_ALL' });
    expect(sourceStep('odd')).toEqual({ kind: '', name: 'odd' });
  });
  it('shows a path from the holder through composite to single role', () => {
    expect(formatSourcePath(raw[0].sources[0])).toBe('role Z_COMPOSITE › role Z_PAY');
    expect(formatSourcePath(raw[1].sources[0], (k) => k.toUpperCase())).toBe('USER REFUSER › PROFILE P_VEND');
  });
  it('names the single roles and profiles that cause the finding', () => {
    expect(originsOf(parseProvenance(raw))).toEqual({ roles: ['Z_AP', 'Z_PAY'], profiles: ['P_VEND'] });
  });
});

describe('uploads', () => {
  it('computes whole percentages and refuses unknown totals', () => {
    expect(uploadPercent(50, 200)).toBe(25);
    expect(uploadPercent(3, 3)).toBe(100);
    expect(uploadPercent(10, 0)).toBeNull();
    expect(uploadPercent(10, 100, false)).toBeNull();
  });
  it('accepts one archive or several table files, as the server does', () => {
    expect(checkUploadFiles(['extract.zip'])).toBeNull();
    expect(checkUploadFiles(['USR02.csv', 'AGR_USERS.txt', 'AGR_1251.tsv'])).toBeNull();
    expect(checkUploadFiles([])).toBe('segra.analysis.upload.no_file');
    expect(checkUploadFiles(['a.zip', 'USR02.csv'])).toBe('segra.analysis.upload.one_archive');
    expect(checkUploadFiles(['notes.pdf'])).toBe('segra.analysis.upload.bad_kind');
  });

  class FakeXhr {
    static last: FakeXhr;
    headers: Record<string, string> = {};
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    method = '';
    url = '';
    body: FormData | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send(body: FormData) {
      this.body = body;
    }
  }
  const make = () => new FakeXhr() as unknown as XMLHttpRequest;
  afterEach(() => clearToken());

  it('posts the files as multipart `files` with the token, reports progress and resolves with the answer', async () => {
    storeToken('header.payload.sig');
    const progress: (number | null)[] = [];
    const files = [new File(['a'], 'USR02.csv'), new File(['b'], 'AGR_USERS.csv')];
    const done = uploadFiles('/api/system-periods/p1/extract', files, (p) => progress.push(p), make);
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/system-periods/p1/extract');
    expect(xhr.body!.getAll('files').map((f) => (f as File).name)).toEqual(['USR02.csv', 'AGR_USERS.csv']);
    xhr.upload.onprogress!({ loaded: 30, total: 60, lengthComputable: true } as ProgressEvent);
    xhr.status = 202;
    xhr.responseText = JSON.stringify({ status: 'importing' });
    xhr.onload!();
    await expect(done).resolves.toEqual({ status: 'importing' });
    expect(progress).toEqual([50, 100]);
  });

  it('rejects with the API error body (file, line, column) on failure', async () => {
    const done = uploadFiles('/api/risk-periods/r1/ruleset', [new File(['x'], 'rules.zip')], () => undefined, make);
    const xhr = FakeXhr.last;
    xhr.status = 422;
    xhr.responseText = JSON.stringify({ message: 'RISKS.csv line 3 column 2: unknown level', code: 'BAD_FILE' });
    xhr.onload!();
    const error = (await done.catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(422);
    expect(error.message).toContain('line 3 column 2');
  });
});

describe('error text', () => {
  // The English catalogue's words; the server's reason is worded from its code with its values (issue 31).
  const translate = (k: string, o?: object) =>
    k === 'segra.errors.code.USER_NOT_IN_PERIOD'
      ? `User ${(o as { name: string }).name} is not in the system period (USR02)`
      : (({ 'segra.analysis.errors.simulation_failed': 'Simulation failed', 'segra.errors.code.FORBIDDEN': 'Not allowed' }) as Record<string, string>)[k] ?? k;
  it("puts the catalogue message before the server's reason", () => {
    const e = new HttpError('User ALICE is not in the system period (USR02)', 404, { message: 'User ALICE is not in the system period (USR02)', code: 'USER_NOT_IN_PERIOD', params: { name: 'ALICE' } });
    expect(errorText(e, translate, 'segra.analysis.errors.simulation_failed')).toBe('Simulation failed: User ALICE is not in the system period (USR02)');
  });
  it('uses a specific catalogue message for a known code, and the context alone otherwise', () => {
    expect(errorText(new HttpError('x', 403, { code: 'FORBIDDEN', message: 'x' }), translate, 'segra.analysis.errors.simulation_failed')).toBe('Not allowed');
    expect(errorText(new Error('boom'), translate, 'segra.analysis.errors.simulation_failed')).toBe('Simulation failed');
  });
});

describe('import errors', () => {
  it('shows file, line and column of the jsonb error, or the text as it is', () => {
    const e = { file: 'USR02.csv', line: 2, column: 'UFLAG', message: 'USR02.csv line 2, column UFLAG: expected an integer, got "x"' };
    expect(formatImportError(e)).toBe(e.message);
    expect(formatImportError({ file: 'RISKS.csv', line: 7, column: 'LEVEL', message: 'unknown level' })).toBe('RISKS.csv, line 7, column LEVEL: unknown level');
    expect(formatImportError({ file: 'x.zip' })).toBe('x.zip');
    expect(formatImportError('worker stopped')).toBe('worker stopped');
    expect(formatImportError(null)).toBeNull();
    expect(formatImportError('')).toBeNull();
  });
});
