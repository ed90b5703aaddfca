import type { AccessToken, CreateAccessTokenInput, CreatedAccessToken } from "../../../../schema/api/access-tokens";
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
