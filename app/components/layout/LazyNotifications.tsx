import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

const NotificationsHost = lazy(() => import("./NotificationsHost"));

/**
 * Mantine's <Notifications> only once something calls `notifications.show()` (decision 067): its
 * container, transitions and scroll-lock helper (≈ 12 KB gzipped) and its stylesheet are not on the
 * first load of a page that never notifies — none of the public pages does before an action. The
 * store is Mantine's default one, so what was shown before the container arrived appears with it.
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
