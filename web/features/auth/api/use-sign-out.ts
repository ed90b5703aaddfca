import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast, toastError } from "../../../components/ui/toast";
import { signingOutAtom } from "../../../shared/session/user";
import { logout } from "./auth-calls";

/**
 * POST /api/logout, then the user is null and the landing page shows (docs/product-spec.md §4, §8). `clearSignedOutState` drops
 * what the signed-out person left in this tab (the generator's draft and result): the app passes it in, because
 * auth does not know the other features.
 */
export function useSignOut(clearSignedOutState: () => void): () => Promise<void> {
  const navigate = useNavigate();
  const setSigningOut = useSetAtom(signingOutAtom);
  return useCallback(async () => {
    setSigningOut(true);
    try {
      await logout();
    } catch (error) {
      setSigningOut(false);
      toastError("Sign out failed", error, error instanceof Error ? error.message : "Please try again.");
      return;
    }
    clearSignedOutState();
    navigate("/");
    toast({ title: "Signed out", variant: "success" });
  }, [navigate, setSigningOut, clearSignedOutState]);
}
