import { AddressRefused, assertPublicUrl, isPrivateAddress } from './outbound';

/** The address rule of outbound calls: which addresses a webhook or push endpoint may reach. */
describe('isPrivateAddress', () => {
  it.each([
    // IPv4: private, loopback, link-local, shared, unspecified, multicast, broadcast, reserved
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.5', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'IETF protocol assignments'],
    // IPv4 documentation and benchmark networks
    ['192.0.2.10', 'TEST-NET-1'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.254', 'benchmarking'],
    // IPv6 loopback and unspecified
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    // ::/96, IPv4-compatible ([::127.0.0.1] is ::7f00:1)
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
    ['::a00:1', 'IPv4-compatible private'],
    ['::808:808', 'IPv4-compatible (deprecated, never a destination)'],
    // ::ffff:0:0/96, IPv4-mapped, and ::ffff:0:0:0/96, IPv4-translated
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:192.0.2.1', 'IPv4-mapped documentation'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    // 2002::/16, 6to4 with a private embedded IPv4
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:c0a8:105::', '6to4 of 192.168.1.5'],
    ['2002:a01:203:4::5', '6to4 of 10.1.2.3'],
    // NAT64: 64:ff9b::/96 with a private IPv4, and the local-use 64:ff9b:1::/48 whatever it embeds
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b::10.0.0.1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['64:ff9b:1:ffff::808:808', 'local-use NAT64 (embedding a public address)'],
    // site-local, unique local, link-local, multicast
    ['fec0::1', 'site-local'],
    ['feff::1', 'site-local, top'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local, top'],
    ['ff02::1', 'multicast'],
    // IPv6 documentation, benchmark and other special networks
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (2024)'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'discard'],
    ['2001::1', 'Teredo'],
    ['not-an-address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['8.8.8.8', 'public IPv4'],
    ['93.184.215.14', 'public IPv4'],
    ['198.20.0.1', 'just past the benchmark network'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['2a00:1450:4001:80b::200e', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 of a public address'],
    ['2002:808:808::1', '6to4 of a public address'],
  ])('allows %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('assertPublicUrl', () => {
  it('refuses a host that cannot be resolved as it refuses a private one (the same error, the same message)', async () => {
    const errors = await Promise.all(
      ['https://no-such-host.invalid/hook', 'https://[::127.0.0.1]/hook', 'https://[fec0::1]/hook'].map((url) =>
        assertPublicUrl(new URL(url), false).catch((error: unknown) => error),
      ),
    );
    for (const error of errors) expect(error).toBeInstanceOf(AddressRefused);
    expect(new Set(errors.map((error) => (error as Error).message)).size).toBe(1);
  });

  it('accepts a public address', async () => {
    await expect(assertPublicUrl(new URL('https://[2606:4700:4700::1111]/hook'), false)).resolves.toBeUndefined();
  });
});
