import type {
  AcceptedInvitation,
  InviteInput,
  ReviewMember,
  TeamContext,
  TeamLimits,
  TeamMembership,
  TeamRole,
} from "../../../schema/api/teams";
import { api } from "../../lib/api";
import { invalidateProjects, invalidateTranscripts, setQueryData, useQuery } from "../../lib/query";
import { queryKeys, type QueryKey } from "../../lib/query-keys";

// The team calls of docs/product-spec.md §7 answer `{success, data}`: the fetcher unwraps them, so the cache holds the data.
const unwrap = <T>(key: QueryKey<T>) => api.get<{ data: T }>(key).then((answer) => answer.data);

export function useTeamMembers() {
  return useQuery(queryKeys.teamMembers, { fetcher: unwrap<TeamMembership[]> });
}

export function useTeamLimits() {
  return useQuery(queryKeys.teamLimits, { fetcher: unwrap<TeamLimits> });
}

/** The own team's members to keep or remove after the account was taken back (issue 39); empty when none. */
export function useTeamReview() {
  return useQuery(queryKeys.teamReview, { fetcher: unwrap<ReviewMember[]> });
}

/** The account's team and the teams it belongs to; `enabled: false` asks for nothing (the header's conditional use). */
export function useTeamContext(enabled = true) {
  return useQuery(enabled ? queryKeys.teamMembership : null, { fetcher: unwrap<TeamContext> });
}

/** After a change, the list and the seats are read again (docs/product-spec.md §7: "refreshes members and limits"). */
async function refreshTeam(): Promise<void> {
  const [members, limits] = await Promise.all([unwrap(queryKeys.teamMembers), unwrap(queryKeys.teamLimits)]);
  await Promise.all([setQueryData(queryKeys.teamMembers, members), setQueryData(queryKeys.teamLimits, limits)]);
}

export async function inviteMember(input: InviteInput): Promise<TeamMembership> {
  const { data } = await api.post<{ data: TeamMembership }>("/api/team/invite", input);
  await refreshTeam();
  return data;
}

export async function removeMember(membershipId: number): Promise<void> {
  await api.delete(`/api/team/members/${membershipId}`);
  await dropFromReview(membershipId);
  await refreshTeam();
}

/** A member kept or removed leaves the review's list, and the header's count, at once (issue 39). */
async function dropFromReview(membershipId: number): Promise<void> {
  let dropped = false;
  await setQueryData(queryKeys.teamReview, (list) => {
    dropped = !!list?.some((m) => m.id === membershipId);
    return list?.filter((m) => m.id !== membershipId);
  });
  if (!dropped) return;
  await setQueryData(
    queryKeys.teamMembership,
    (current) => current && { ...current, membersToReview: Math.max(0, current.membersToReview - 1) },
  );
}

/** The owner keeps a member under review (issue 39): they stay, and leave the list. */
export async function keepMember(membershipId: number): Promise<void> {
  await api.post(`/api/team/members/${membershipId}/keep`);
  await dropFromReview(membershipId);
}

/**
 * Leaves the team `ownerId` runs. The team this screen shows may change with it (a member of no other team sees their
 * own again), and the team's projects and transcripts leave the lists: all of them are read again.
 */
export async function leaveTeam(ownerId: number): Promise<void> {
  await api.delete(`/api/team/memberships/${ownerId}`);
  // The team is gone from the list at once; a failed re-read after a successful leave is not a failed leave.
  await setQueryData(
    queryKeys.teamMembership,
    (current) => current && { ...current, memberOf: current.memberOf.filter((t) => t.ownerId !== ownerId) },
  );
  void invalidateProjects();
  void invalidateTranscripts();
  await Promise.all([
    unwrap(queryKeys.teamMembership),
    unwrap(queryKeys.teamMembers),
    unwrap(queryKeys.teamLimits),
  ]).then(
    ([context, members, limits]) =>
      Promise.all([
        setQueryData(queryKeys.teamMembership, context),
        setQueryData(queryKeys.teamMembers, members),
        setQueryData(queryKeys.teamLimits, limits),
      ]),
    () => undefined,
  );
}

export async function changeMemberRole(membershipId: number, role: TeamRole): Promise<TeamMembership> {
  const { data } = await api.patch<{ data: TeamMembership }>(`/api/team/members/${membershipId}`, { role });
  await setQueryData(queryKeys.teamMembers, (list) => list?.map((m) => (m.id === membershipId ? data : m)));
  return data;
}

export type { AcceptedInvitation };

/** Joining a team opens its projects: projects and transcripts are read again. */
export async function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  const { data } = await api.post<{ data: AcceptedInvitation }>(`/api/team/accept/${encodeURIComponent(token)}`);
  void invalidateProjects();
  void invalidateTranscripts();
  await setQueryData(queryKeys.teamMembership, undefined);
  return data;
}

/** The link a manager copies for a pending invitation (docs/product-spec.md §7: the site origin plus /team/accept/{token}). */
export function invitationLink(token: string): string {
  return `${window.location.origin}/team/accept/${token}`;
}
