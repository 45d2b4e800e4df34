import { describe, expect, it } from 'vitest';
import { clientKeyOf, createClientSlots } from './client-slots.mjs';

describe('per-client slots (client-slots.mjs)', () => {
  it('gives one client at most perClient slots, others theirs in full', () => {
    const slots = createClientSlots({ perClient: 2 });
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(a1).toBeTypeOf('function');
    expect(a2).toBeTypeOf('function');
    expect(slots.take('a')).toBeNull();
    expect(slots.take('b')).toBeTypeOf('function');
    a1?.();
    a1?.(); // a second call gives back nothing more
    expect(slots.heldBy('a')).toBe(1);
    expect(slots.take('a')).toBeTypeOf('function');
    expect(slots.take('a')).toBeNull();
  });

  it('forgets a client once it holds nothing (the map is as large as what is in flight)', () => {
    const slots = createClientSlots({ perClient: 1 });
    const releases = Array.from({ length: 100 }, (_, i) => slots.take(`10.0.0.${i}`));
    expect(slots.clients).toBe(100);
    for (const release of releases) release?.();
    expect(slots.clients).toBe(0);
  });

  it('counts IPv4 by address, IPv4-mapped IPv6 as IPv4, IPv6 by /64', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe(clientKeyOf('2001:db8:1:2:bbbb::2'));
    expect(clientKeyOf('2001:db8:1:2::1')).not.toBe(clientKeyOf('2001:db8:1:3::1'));
    expect(clientKeyOf(undefined)).toBe('unknown');
  });
});
