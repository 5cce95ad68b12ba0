import { useId, useState } from "react";
import { href, useFetcher } from "react-router";

/**
 * A photo for one inspection item: the file goes to the upload endpoint (checked, re-encoded,
 * stripped of metadata there), then its smallest stored variant is attached to the item.
 */
export function InspectionPhotoUpload({ itemId, label }: { itemId: number; label: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [status, setStatus] = useState("");
  const id = useId();
  async function upload(file: File) {
    setStatus("Uploading…");
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch(href("/admin/uploads"), { method: "POST", body });
      const answer = (await response.json()) as {
        image?: { mediaKey: string; variants: number[] };
        error?: string;
      };
      const width = answer.image ? Math.min(...answer.image.variants) : null;
      if (!response.ok || !answer.image || width === null) {
        setStatus(answer.error ?? `The upload failed (${response.status}).`);
        return;
      }
      setStatus("");
      fetcher.submit(
        {
          intent: "add-photo",
          itemId: String(itemId),
          photo: `${answer.image.mediaKey}-${width}.webp`,
        },
        { method: "post" },
      );
    } catch {
      setStatus("The upload failed: the connection was lost.");
    }
  }
  const message = status || (fetcher.state === "idle" ? (fetcher.data?.message ?? "") : "Saving…");
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="mt-1 block w-full text-sm"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
          event.currentTarget.value = "";
        }}
      />
      <p role="status" className="mt-1 text-ink-600">
        {message}
      </p>
    </div>
  );
}
