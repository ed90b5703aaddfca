import { Send } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { inviteInputSchema, type TeamRole } from "../../../../schema/api/teams";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { inviteMember } from "../api";

/** docs/product-spec.md §2 Team: 'Invite Member' → email and role (Member or Admin, default Member), Cancel and 'Send Invitation'. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent>
          <DialogTitle>Invite Team Member</DialogTitle>
          <DialogDescription>
            They get an email with a link to join your team. The link works once and expires in 7 days.
          </DialogDescription>
          <InviteForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const roleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TeamRole>("member");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // docs/product-spec.md §5: an email that is empty after trimming is ignored
    if (email.trim() === "") return;
    const parsed = inviteInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setPending(true);
    try {
      await inviteMember(parsed.data);
      toast({
        title: "Invitation sent",
        description: `${parsed.data.email} will get an email with a link to join.`,
        variant: "success",
      });
      onDone();
    } catch (failure) {
      setPending(false);
      toast({
        title: "Failed to send invitation",
        description: errorMessage(failure, "An error occurred while sending the invitation."),
        variant: "destructive",
        error: failure,
      });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        placeholder="colleague@company.com"
        required
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
        }}
        error={error}
        disabled={pending}
        autoFocus
      />
      <div className="grid gap-1.5">
        <Label htmlFor={roleId}>Role</Label>
        <Select value={role} onValueChange={(value) => setRole(value as TeamRole)} disabled={pending}>
          <SelectTrigger id={roleId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="member">Member</SelectItem>
            <SelectItem value="admin">Admin</SelectItem>
          </SelectContent>
        </Select>
        <p className="text-xs text-muted">Admins can invite, change roles and remove members too.</p>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending || email.trim() === ""} aria-busy={pending || undefined}>
          {pending ? <Spinner className="size-4 text-white" /> : <Send className="size-4" aria-hidden />}
          {pending ? "Sending..." : "Send Invitation"}
        </Button>
      </div>
    </form>
  );
}
