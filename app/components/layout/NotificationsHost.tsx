// Mantine's notification container with its styles: loaded by LazyNotifications once there is a
// notification to show (decision 067).
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

export default function NotificationsHost() {
  return <Notifications />;
}
