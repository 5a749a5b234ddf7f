import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

// Spec §9: throttle 200 ms, duration 2000 ms, hide delay 500 ms.
const THROTTLE_MS = 200;
const HIDE_DELAY_MS = 500;

export function LoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"idle" | "running" | "done">("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    if (phase === "running") {
      setPhase("done");
      const timer = setTimeout(() => setPhase("idle"), HIDE_DELAY_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [busy, phase]);

  if (phase === "idle") return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-hidden="true"
      style={{ width: phase === "running" ? "80%" : "100%", opacity: phase === "done" ? 0 : 1 }}
    />
  );
}
