import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { signingOutAtom } from "../../../lib/user";
import { resetGeneratorState } from "../../generator/state";
import { logout } from "./auth-calls";

/** POST /api/logout, then the user is null and the landing page shows (spec §4, §8). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const setSigningOut = useSetAtom(signingOutAtom);
  return useCallback(async () => {
    setSigningOut(true);
    try {
      await logout();
    } catch (error) {
      setSigningOut(false);
      toast({
        title: "Sign out failed",
        description: errorMessage(error, error instanceof Error ? error.message : "Please try again."),
        variant: "destructive",
      });
      return;
    }
    resetGeneratorState();
    navigate("/");
    toast({ title: "Signed out", variant: "success" });
  }, [navigate, setSigningOut]);
}
