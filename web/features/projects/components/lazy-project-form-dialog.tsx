import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../../lib/idle";
import { projectDialogAtom } from "../state";

const ProjectFormDialog = lazy(() => import("./project-form-dialog").then((m) => ({ default: m.ProjectFormDialog })));
const loadDialog = () => void import("./project-form-dialog").catch(() => undefined);

/**
 * The create/edit project dialog for the dashboard, loaded apart from it: the form's validation (zod) would
 * otherwise be part of the dashboard's first download. It is fetched when the browser is idle after the dashboard
 * shows, or at the latest when the dialog first opens, and stays mounted from then on (its close animation and
 * focus return need it).
 */
export function LazyProjectFormDialog() {
  const open = useAtomValue(projectDialogAtom) !== null;
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  useEffect(() => whenIdle(loadDialog, 5000), []);
  if (!mounted && !open) return null;
  return (
    <Suspense fallback={null}>
      <ProjectFormDialog />
    </Suspense>
  );
}
