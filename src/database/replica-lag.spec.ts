import { ReplicaLag } from './replica-lag';

describe('ReplicaLag', () => {
  const behind = (replayAgeSeconds: number | null) => ({ recovering: true, caughtUp: false, replayAgeSeconds });

  it('a caught-up replica has no lag, however old its last replayed transaction (an idle primary)', () => {
    expect(new ReplicaLag().observe({ recovering: true, caughtUp: true, replayAgeSeconds: 86_400 }, 0)).toBe(0);
  });

  it("an idle primary's first write in hours: the lag counts from the check that saw the replica behind", () => {
    const lag = new ReplicaLag();
    expect(lag.observe(behind(3600), 10_000)).toBe(0);
    expect(lag.observe(behind(3601), 11_000)).toBe(1);
    expect(lag.observe(behind(3607), 17_000)).toBe(7);
  });

  it('a replica replaying steadily a little behind is as late as its last replayed transaction', () => {
    const lag = new ReplicaLag();
    lag.observe(behind(0.2), 0);
    expect(lag.observe(behind(0.3), 60_000)).toBe(0.3);
  });

  it('catching up starts the clock again, and a server that is no standby is never behind', () => {
    const lag = new ReplicaLag();
    lag.observe(behind(null), 0);
    expect(lag.observe(behind(null), 9000)).toBe(9);
    lag.observe({ recovering: true, caughtUp: true, replayAgeSeconds: 9 }, 10_000);
    expect(lag.observe(behind(null), 11_000)).toBe(0);
    expect(lag.observe({ recovering: false, caughtUp: false, replayAgeSeconds: null }, 20_000)).toBe(0);
  });
});
