import type { AccessToken, CreateAccessTokenInput, CreatedAccessToken } from "../../../../schema/api/access-tokens";
import type { ConnectedApp, ConsentDecision, ConsentRequest } from "../../../../schema/api/mcp-authorization";
import { api } from "../../../lib/api";
import { setQueryData, useQuery } from "../../../lib/query";
import { queryKeys } from "../../../lib/query-keys";

export function useAccessTokens() {
  return useQuery(queryKeys.accessTokens, {
    fetcher: (key: string) => api.get<{ data: AccessToken[] }>(key).then((answer) => answer.data),
  });
}

/** Makes a token; the answer holds the token itself, shown this once. */
export async function createAccessToken(input: CreateAccessTokenInput): Promise<CreatedAccessToken> {
  const { data } = await api.post<{ data: CreatedAccessToken }>("/api/user/access-tokens", input);
  await setQueryData(queryKeys.accessTokens, (tokens) => [...(tokens ?? []), data.accessToken]);
  return data;
}

export async function revokeAccessToken(id: number): Promise<void> {
  await api.delete(`/api/user/access-tokens/${id}`);
  await setQueryData(queryKeys.accessTokens, (tokens) => tokens?.filter((token) => token.id !== id));
}

export function useConnectedApps() {
  return useQuery(queryKeys.connectedApps, {
    fetcher: (key: string) => api.get<{ data: ConnectedApp[] }>(key).then((answer) => answer.data),
  });
}

export async function disconnectApp(id: string): Promise<void> {
  await api.delete(`/api/user/connected-apps/${encodeURIComponent(id)}`);
  await setQueryData(queryKeys.connectedApps, (apps) => apps?.filter((app) => app.id !== id));
}

/** What an MCP client asks for (the consent screen), and the person's answer: where the browser goes next. */
export function getConsentRequest(handle: string): Promise<ConsentRequest> {
  return api.get<ConsentRequest>(`/api/oauth/consent?handle=${encodeURIComponent(handle)}`);
}

export async function answerConsentRequest(decision: ConsentDecision): Promise<string> {
  return (await api.post<{ redirectTo: string }>("/api/oauth/consent", decision)).redirectTo;
}
