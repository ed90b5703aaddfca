import { UserPlus } from "lucide-react";
import { type FormEvent } from "react";
import { useNavigate } from "react-router";
import { registerSchema } from "../../../../schema/api/auth";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { serverFieldError, useValidatedForm } from "../../../lib/form";
import { register } from "../api/auth-calls";
import { rememberVerificationEmail } from "../verification-email";

const FIELDS = ["username", "password", "email", "firstName", "lastName"] as const;
type Field = (typeof FIELDS)[number];

/** Spec §9: go to /verify-email 100 ms after registration. */
const VERIFY_REDIRECT_MS = 100;

export function RegisterForm() {
  const navigate = useNavigate();
  const { formRef, values, errors, setErrors, pending, setPending, update, validate, later } = useValidatedForm<
    Field,
    typeof registerSchema
  >(registerSchema, { username: "", password: "", email: "", firstName: "", lastName: "" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = validate();
    if (!parsed) return;
    setPending(true);
    try {
      const result = await register(parsed);
      if (result.emailVerificationRequired) {
        toast({
          title: "Account created!",
          description: "Please check your email to verify your account before signing in.",
          variant: "success",
        });
        rememberVerificationEmail(result.email);
        later(() => navigate("/verify-email"), VERIFY_REDIRECT_MS);
        return;
      }
      const name = result.firstName ?? result.username ?? "there";
      toast({
        title: "Account created!",
        description: `Welcome to StoryLoom, ${name}! Your account is ready.`,
        variant: "success",
      });
      navigate("/dashboard");
    } catch (error) {
      setPending(false);
      const inline = serverFieldError(error, FIELDS);
      if (Object.keys(inline).length > 0) setErrors(inline);
      toastError("Registration failed", error, "Please try again with different details.");
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3-32 characters: letters, digits, '_', '-' and '.'"
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
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.password}
        onChange={update("password")}
        error={errors.password}
        required
        disabled={pending}
      />
      <TextField
        label={
          <>
            Email <span className="font-normal text-muted">(optional)</span>
          </>
        }
        name="email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        hint="We'll send a link to verify it before your first sign-in."
        value={values.email}
        onChange={update("email")}
        error={errors.email}
        disabled={pending}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={
            <>
              First name <span className="font-normal text-muted">(optional)</span>
            </>
          }
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={update("firstName")}
          error={errors.firstName}
          disabled={pending}
        />
        <TextField
          label={
            <>
              Last name <span className="font-normal text-muted">(optional)</span>
            </>
          }
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={update("lastName")}
          error={errors.lastName}
          disabled={pending}
        />
      </div>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending} aria-busy={pending || undefined}>
        {pending ? <Spinner className="text-white" /> : <UserPlus aria-hidden />}
        Create Account
      </Button>
    </form>
  );
}
