import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { removeMember } from "../api";

/**
 * Removes a member after the spec's confirmation, with its toasts: "Member removed", or "Failed to remove member"
 * with the server's reason. The team list's dialog and the review notice both remove this way; true when removed.
 */
export async function removeMemberWithToasts(membershipId: number, name: string): Promise<boolean> {
  try {
    await removeMember(membershipId);
    toast({
      title: "Member removed",
      description: `${name} no longer has access to your team's projects.`,
      variant: "success",
    });
    return true;
  } catch (error) {
    toast({
      title: "Failed to remove member",
      description: errorMessage(error, "An error occurred while removing the member."),
      variant: "destructive",
      error,
    });
    return false;
  }
}
