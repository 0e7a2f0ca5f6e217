import { jobHandlerProblems } from './job-handlers.check';

describe('jobHandlerProblems: every registered queue has exactly one handler', () => {
  const handlers = (entries: Array<[string, string[]]>) => new Map(entries);

  it('finds nothing wrong when each queue has one handler', () => {
    expect(
      jobHandlerProblems(
        new Set(['mail', 'cleanup']),
        handlers([
          ['mail', ['Mail']],
          ['cleanup', ['Clean']],
        ]),
      ),
    ).toEqual([]);
  });

  it('names a queue without a handler', () => {
    expect(jobHandlerProblems(new Set(['mail', 'orphan']), handlers([['mail', ['Mail']]]))).toEqual([
      'queue "orphan" has no job handler',
    ]);
  });

  it('names a queue with two handlers, and a handler of an unregistered queue', () => {
    expect(
      jobHandlerProblems(
        new Set(['mail']),
        handlers([
          ['mail', ['A', 'B']],
          ['gone', ['C']],
        ]),
      ),
    ).toEqual(['queue "mail" has 2 job handlers (A, B)', 'C handles queue "gone", which is not registered']);
  });
});
