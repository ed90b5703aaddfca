import { Compass, Home } from "lucide-react";
import { Link } from "react-router";
import { PageContainer } from "../../components/page";
import { Button } from "../../components/ui/button";
import { useUser } from "../../shared/session/user";

export default function NotFound() {
  const { user } = useUser();
  return (
    <PageContainer className="flex max-w-xl flex-col items-center py-20 text-center sm:py-28">
      <title>Page not found · StoryLoom</title>
      <div className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Compass className="size-7" aria-hidden />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-base text-muted">
        We couldn't find the page you were looking for. The link may be out of date, or the address may have a typo.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={user ? "/dashboard" : "/"}>
          <Home aria-hidden />
          {user ? "Go to your dashboard" : "Back to the home page"}
        </Link>
      </Button>
    </PageContainer>
  );
}
