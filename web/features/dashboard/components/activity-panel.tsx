import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useErrorToast } from "../../../components/ui/toast";
import { useActivity } from "../api/activity";
import { ActivityList } from "./activity-list";

/** The dashboard's Activity tab: the whole feed (the latest 20 events). */
export function ActivityPanel() {
  const { data, error, mutate } = useActivity();
  useErrorToast(error, "Error", "Failed to load recent activity.");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>What happened to your projects and transcripts, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        <ActivityList items={data} error={error} onRetry={() => void mutate()} />
      </CardContent>
    </Card>
  );
}
