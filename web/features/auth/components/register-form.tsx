import { UserPlus } from "lucide-react";
import { useNavigate } from "react-router";
import { registerSchema } from "../../../../schema/api/auth";
import { TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { serverFieldError, useValidatedForm } from "../../../lib/form";
import { register } from "../api/auth-calls";
import { rememberVerificationEmail } from "../verification-email";
import { bindField, NEW_PASSWORD_HINT, onValidSubmit, PasswordField, SubmitButton } from "./form-parts";
import { takeAfterSignInPath } from "../../../shared/session/after-sign-in";

const FIELDS = ["username", "password", "email", "firstName", "lastName"] as const;
type Field = (typeof FIELDS)[number];

/** docs/product-spec.md §9: go to /verify-email 100 ms after registration. */
const VERIFY_REDIRECT_MS = 100;

export function RegisterForm() {
  const navigate = useNavigate();
  const form = useValidatedForm<Field, typeof registerSchema>(registerSchema, {
    username: "",
    password: "",
    email: "",
    firstName: "",
    lastName: "",
  });
  const { formRef, setErrors, pending, setPending, later } = form;

  const onSubmit = onValidSubmit(form, async (parsed) => {
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
      navigate(takeAfterSignInPath());
    } catch (error) {
      setPending(false);
      const inline = serverFieldError(error, FIELDS);
      if (Object.keys(inline).length > 0) setErrors(inline);
      toastError("Registration failed", error, "Please try again with different details.");
    }
  });

  return (
    // POST: a browser that submitted the form itself (before the page's code ran) must not put the password in a URL
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        label="Username"
        {...bindField(form, "username")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3-32 characters: letters, digits, '_', '-' and '.'"
        required
      />
      <PasswordField
        form={form}
        field="password"
        label="Password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
      />
      <TextField
        label={
          <>
            Email <span className="font-normal text-muted">(optional)</span>
          </>
        }
        {...bindField(form, "email")}
        type="email"
        autoComplete="email"
        spellCheck={false}
        hint="We'll send a link to verify it before your first sign-in."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={
            <>
              First name <span className="font-normal text-muted">(optional)</span>
            </>
          }
          {...bindField(form, "firstName")}
          autoComplete="given-name"
        />
        <TextField
          label={
            <>
              Last name <span className="font-normal text-muted">(optional)</span>
            </>
          }
          {...bindField(form, "lastName")}
          autoComplete="family-name"
        />
      </div>
      <SubmitButton pending={pending} icon={<UserPlus aria-hidden />}>
        Create Account
      </SubmitButton>
    </form>
  );
}
