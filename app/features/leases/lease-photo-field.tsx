import { useId, useState } from "react";
import { href } from "react-router";

/**
 * A photo for a lease form (a deduction, a TM30 receipt): the chosen file goes to the upload
 * endpoint (checked, re-encoded, stripped of metadata there) and the form then carries the path
 * of its smallest stored variant in a hidden `photo` field; the action checks it was stored.
 */
export function LeasePhotoField({
  label,
  error,
  errorId,
}: {
  label: string;
  /** The action's message for `photo`, if the last post was refused for it. */
  error?: string;
  errorId: string;
}) {
  const [photo, setPhoto] = useState("");
  const [status, setStatus] = useState("");
  const id = useId();
  async function upload(file: File) {
    setPhoto("");
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
      setPhoto(`${answer.image.mediaKey}-${width}.webp`);
      setStatus("Photo uploaded.");
    } catch {
      setStatus("The upload failed: the connection was lost.");
    }
  }
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
        aria-invalid={error && !photo ? true : undefined}
        aria-describedby={error && !photo ? errorId : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
      />
      <input type="hidden" name="photo" value={photo} />
      {photo && <img src={`/media/${photo}`} alt={`${label}: uploaded`} className="mt-1 h-16" />}
      <p role="status" className="mt-1 text-ink-600">
        {status}
      </p>
      {error && !photo && (
        <p id={errorId} className="mt-1 text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
