import { Mic, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";

/** Free plans only: audio uploads are a Pro feature (docs/product-spec.md §2, §6). */
export function AudioPromoCard() {
  return (
    <Card className="border-brand-200 bg-gradient-to-br from-brand-50 to-white p-5">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Mic className="size-5" aria-hidden />
        </div>
        <div className="min-w-0">
          <h2 className="font-semibold text-ink">Audio Transcription</h2>
          <p className="mt-1 text-sm text-muted">
            Upload meeting recordings (MP3, WAV, M4A, OGG, WebM) and get the transcript typed out for you. Available on
            Pro and Enterprise plans.
          </p>
          <Button asChild size="sm" className="mt-3">
            <Link to="/subscription">
              <Sparkles aria-hidden />
              Upgrade to Pro
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** Pro and Enterprise: where a recording goes in (the Upload File button takes it too; this says so). */
export function AudioUploadCard({ onUpload, busy }: { onUpload: () => void; busy: boolean }) {
  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Mic className="size-5" aria-hidden />
        </div>
        <div className="min-w-0">
          <h2 className="font-semibold text-ink">Audio Transcription</h2>
          <p className="mt-1 text-sm text-muted">
            Upload a meeting recording (MP3, WAV, M4A, OGG, WebM): it is typed out into the transcript box, ready to
            generate from. Upload File takes recordings too.
          </p>
          <Button size="sm" className="mt-3" onClick={onUpload} aria-disabled={busy || undefined}>
            <Mic aria-hidden />
            Upload audio
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function ServiceStatusCard() {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="relative flex size-3 shrink-0" aria-hidden>
        <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-60 motion-safe:animate-ping" />
        <span className="relative inline-flex size-3 rounded-full bg-emerald-500" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold text-ink">Service Status: Available</h2>
        <p className="text-xs text-muted">Story generation is up and running.</p>
      </div>
    </Card>
  );
}
