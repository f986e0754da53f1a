import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';
import type {
  AccountSecurity,
  DisableTwoFactorRequest,
  EnableTwoFactorResponse,
  IpAllowlistResponse,
  ProxyCredentialsRequest,
  ProxyCredentialsResponse,
  SignInsResponse,
  TwoFactorSetup,
} from 'contract/account-security';
import type { MessageResponse } from 'contract/errors';

// The account page's calls to /api/account: its security state, 2-step verification, own proxy
// credentials, IP authorization and sign-in activity.

export function fetchAccountSecurity(): Promise<AccountSecurity> {
  return api.get('account/security').json<AccountSecurity>();
}

export function useAccountSecurity() {
  return useQuery({ queryKey: queryKeys.accountSecurity, queryFn: fetchAccountSecurity });
}

/** The password again, then a new secret for the authenticator app (shown this once). */
export function startTwoFactorSetup(password: string): Promise<TwoFactorSetup> {
  return api.post('account/two-factor/setup', { json: { password } }).json<TwoFactorSetup>();
}

export function enableTwoFactor(code: string): Promise<EnableTwoFactorResponse> {
  return api.post('account/two-factor/enable', { json: { code } }).json<EnableTwoFactorResponse>();
}

export function disableTwoFactor(request: DisableTwoFactorRequest): Promise<MessageResponse> {
  return api.post('account/two-factor/disable', { json: request }).json<MessageResponse>();
}

export function saveProxyCredentials(request: ProxyCredentialsRequest): Promise<ProxyCredentialsResponse> {
  return api.put('account/proxy-credentials', { json: request }).json<ProxyCredentialsResponse>();
}

export function saveIpAllowlist(addresses: string[]): Promise<IpAllowlistResponse> {
  return api.put('account/ip-allowlist', { json: { addresses } }).json<IpAllowlistResponse>();
}

export function fetchSignIns(): Promise<SignInsResponse> {
  return api.get('account/sign-ins').json<SignInsResponse>();
}

export function useSignIns() {
  return useQuery({ queryKey: queryKeys.signIns, queryFn: fetchSignIns });
}

export function signOutEverywhere(): Promise<MessageResponse> {
  return api.post('account/sign-out-everywhere').json<MessageResponse>();
}

/** A mutation that refreshes the security state (indicator, panels) when it succeeds. */
export function useSecurityMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSecurity }),
  });
}

/** 0, 1 or 2 of the two protections: the account (2-step on) and the proxies (own login:pass or an IP allow-list). */
export function securedCount(security: AccountSecurity): { account: boolean; proxy: boolean; count: number } {
  const account = security.twoFactor.enabled;
  const proxy = security.proxyCredentials !== null || security.ipAllowlist.length > 0;
  return { account, proxy, count: Number(account) + Number(proxy) };
}
