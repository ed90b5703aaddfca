import { LogIn } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { loginSchema } from "../../../../schema/api/auth";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError, errorMessage } from "../../../lib/api";
import { rememberVerificationEmail } from "../../../lib/verification-email";
import { login } from "../api/auth-calls";
import { focusFirstInvalid, zodFieldErrors, type FieldErrors } from "../form-errors";

type Field = "username" | "password";

/** Spec §9: wait 2000 ms after an unverified sign-in before going to /verify-email. */
const UNVERIFIED_REDIRECT_MS = 2000;

export function LoginForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [values, setValues] = useState({ username: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await login(parsed.data);
      toast({ title: "Welcome back!", description: "You have successfully signed in.", variant: "success" });
      navigate("/dashboard");
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : "";
      if (message.toLowerCase().includes("verify your email")) {
        toast({
          title: "Email verification required",
          description: "Please check your email and click the verification link before signing in.",
          variant: "destructive",
        });
        rememberVerificationEmail(parsed.data.username);
        timer.current = window.setTimeout(() => navigate("/verify-email"), UNVERIFIED_REDIRECT_MS);
        return;
      }
      setPending(false);
      toast({
        title: "Sign in failed",
        description: errorMessage(error, "Please check your credentials and try again."),
        variant: "destructive",
      });
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
