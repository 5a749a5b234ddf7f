import { type ComponentType, lazy, Suspense } from "react";

/**
 * The company page's dialogs load with their first use (decision 044, second round): their forms,
 * zod schemas and Mantine's Modal/Checkbox/Tabs styles stay out of what an anonymous visitor's page
 * loads. Editors get them as soon as the page renders their edit controls; the challenge dialog
 * when someone opens it.
 */
function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

export const ConfirmDialog = lazyDialog(() => import("./Dialog").then((m) => m.ConfirmDialog));
export const AddressDialog = lazyDialog(() => import("./AddressDialog").then((m) => m.AddressDialog));
export const ContactDialog = lazyDialog(() => import("./ContactDialog").then((m) => m.ContactDialog));
export const ServiceDialog = lazyDialog(() => import("./ServiceDialog").then((m) => m.ServiceDialog));
export const ChallengeDialog = lazyDialog(() => import("./ChallengeDialog").then((m) => m.ChallengeDialog));
