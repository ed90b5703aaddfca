import { BarChart3, MessageSquare, Users } from "lucide-react";
import { useState } from "react";
import { PageContainer, PageHeader } from "../../../components/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { AnalyticsTab } from "./analytics-tab";
import { ConversationsTab } from "./conversations-tab";
import { UsersTab } from "./users-tab";

type AdminTab = "analytics" | "users" | "conversations";

/**
 * docs/product-spec.md §2 Admin dashboard (/admin), for platform admins (the route shows Access Denied to anyone else): Analytics,
 * Users and Chatbot Logs. Only the open tab is mounted, so only its data is read (and only its list polls).
 */
export function AdminScreen() {
  const [tab, setTab] = useState<AdminTab>("analytics");
  return (
    <PageContainer>
      <title>Admin Dashboard · StoryLoom</title>
      <PageHeader title="Admin Dashboard" description="Platform analytics, users and help assistant logs." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as AdminTab)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="analytics">
            <BarChart3 className="hidden size-4 sm:block" aria-hidden />
            Analytics
          </TabsTrigger>
          <TabsTrigger value="users">
            <Users className="hidden size-4 sm:block" aria-hidden />
            Users
          </TabsTrigger>
          <TabsTrigger value="conversations">
            <MessageSquare className="hidden size-4 sm:block" aria-hidden />
            Chatbot Logs
          </TabsTrigger>
        </TabsList>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="conversations">
          <ConversationsTab />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
