/**
 * One address in each IANA special-purpose IPv4 range that is not globally reachable, and the cloud
 * metadata services among them: [what the range is, an address in it].
 */
export const NON_GLOBAL_IPV4 = [
  ["this network 0.0.0.0/8", "0.1.2.3"],
  ["private 10.0.0.0/8", "10.0.0.7"],
  ["carrier-grade NAT 100.64.0.0/10", "100.64.0.1"],
  ["Alibaba Cloud metadata", "100.100.100.200"],
  ["loopback", "127.0.0.1"],
  ["AWS/GCP/Azure metadata", "169.254.169.254"],
  ["private 172.16.0.0/12", "172.31.255.1"],
  ["IETF protocol assignments 192.0.0.0/24", "192.0.0.8"],
  ["Oracle Cloud legacy metadata", "192.0.0.192"],
  ["TEST-NET-1", "192.0.2.10"],
  ["6to4 relay anycast", "192.88.99.1"],
  ["private 192.168.0.0/16", "192.168.1.1"],
  ["benchmarking 198.18.0.0/15", "198.19.255.254"],
  ["TEST-NET-2", "198.51.100.7"],
  ["TEST-NET-3", "203.0.113.9"],
  ["multicast", "224.0.0.1"],
  ["reserved 240.0.0.0/4", "240.0.0.1"],
  ["limited broadcast", "255.255.255.255"],
] as const;

/** The same for the IPv6 registry, and IPv6 outside the global unicast space 2000::/3. */
export const NON_GLOBAL_IPV6 = [
  ["unspecified", "::"],
  ["loopback", "::1"],
  ["IPv4-compatible (deprecated)", "::6464:64c8"],
  ["IPv4-translated", "::ffff:0:a9fe:a9fe"],
  ["local-use NAT64 64:ff9b:1::/48", "64:ff9b:1::a9fe:a9fe"],
  ["discard-only 100::/64", "100::1"],
  ["TEREDO 2001::/32", "2001::1"],
  ["IETF protocol assignments 2001::/23", "2001:1ff::1"],
  ["benchmarking 2001:2::/48", "2001:2::1"],
  ["documentation 2001:db8::/32", "2001:db8::1"],
  ["deprecated ORCHID", "2001:10::1"],
  ["6to4 2002::/16", "2002:a9fe:a9fe::1"],
  ["documentation 3fff::/20", "3fff::1"],
  ["segment routing 5f00::/16", "5f00::1"],
  ["AWS metadata (unique-local fc00::/7)", "fd00:ec2::254"],
  ["link-local fe80::/10", "fe80::1"],
  ["site-local (deprecated)", "fec0::1"],
  ["multicast", "ff02::1"],
] as const;
