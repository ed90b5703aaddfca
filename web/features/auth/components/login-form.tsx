import { LogIn } from "lucide-react";
import { type FormEvent } from "react";
import { useNavigate } from "react-router";
import { loginSchema } from "../../../../schema/api/auth";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { useValidatedForm } from "../../../lib/form";
import { login } from "../api/auth-calls";
import { rememberVerificationEmail } from "../verification-email";

type Field = "username" | "password";

/** Spec §9: wait 2000 ms after an unverified sign-in before going to /verify-email. */
const UNVERIFIED_REDIRECT_MS = 2000;

export function LoginForm() {
  const navigate = useNavigate();
  const { formRef, values, errors, pending, setPending, update, validate, later } = useValidatedForm<
    Field,
    typeof loginSchema
  >(loginSchema, { username: "", password: "" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = validate();
    if (!parsed) return;
    setPending(true);
    try {
      await login(parsed);
      toast({ title: "Welcome back!", description: "You have successfully signed in.", variant: "success" });
      navigate("/dashboard");
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : "";
      if (message.toLowerCase().includes("verify your email")) {
        toast({
          title: "Email verification required",
          description: "Please check your email and click the verification link before signing in.",
          variant: "destructive",
          error,
        });
        rememberVerificationEmail(parsed.username);
        later(() => navigate("/verify-email"), UNVERIFIED_REDIRECT_MS);
        return;
      }
      setPending(false);
      toastError("Sign in failed", error, "Please check your credentials and try again.");
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        label="Username or email"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={update("username")}
        error={errors.username}
        required
        disabled={pending}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update("password")}
        error={errors.password}
        required
        disabled={pending}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending} aria-busy={pending || undefined}>
        {pending ? <Spinner className="text-white" /> : <LogIn aria-hidden />}
        Sign In
      </Button>
    </form>
  );
}
