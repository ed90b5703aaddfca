import { Clock, Crown, Shield } from "lucide-react";
import { Badge } from "../../../components/ui/badge";

// The badges of the member list (docs/product-spec.md §2 Team) and of "Teams you belong to" (joined-teams.tsx).

export function RoleBadge({ role }: { role: "owner" | "admin" | "member" }) {
  if (role === "owner")
    return (
      <Badge variant="purple">
        <Crown className="size-3" aria-hidden />
        Owner
      </Badge>
    );
  return role === "admin" ? (
    <Badge variant="default">
      <Shield className="size-3" aria-hidden />
      Admin
    </Badge>
  ) : (
    <Badge variant="secondary">Member</Badge>
  );
}

export function StatusBadge({ status }: { status: "active" | "pending" }) {
  return status === "active" ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="caution">
      <Clock className="size-3" aria-hidden />
      Pending
    </Badge>
  );
}
