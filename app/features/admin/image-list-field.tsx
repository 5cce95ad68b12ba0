import { useEffect, useRef, useState } from "react";
import { href } from "react-router";
import { imageSrc } from "./property-card.tsx";
import { type ImageItem, isHttpUrl, splitList } from "./property-schema.ts";

const MAX_BYTES = 10 * 1024 * 1024;

interface Upload {
  id: number;
  name: string;
  progress: number;
  error?: string;
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

function uploadFile(file: File, onProgress: (p: number) => void): Promise<ImageItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", href("/admin/uploads"));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as {
        image?: Omit<ImageItem & { kind: "media" }, "kind">;
        error?: string;
      } | null;
      if (xhr.status === 200 && body?.image) resolve({ kind: "media", ...body.image });
      else reject(new Error(body?.error ?? `Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error("Upload failed: the connection was lost"));
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}

/**
 * The property's pictures, in order (the first is the main one): upload by picker or drop with
 * a progress bar per file, reorder by drag and drop or with the buttons, remove, or add URLs.
 */
export function ImageListField({
  images,
  onChange,
  error,
  onPendingChange,
}: {
  images: ImageItem[];
  onChange: (update: (images: ImageItem[]) => ImageItem[]) => void;
  error?: string | undefined;
  /** How many uploads are still running, so the form can wait for them. */
  onPendingChange?: (pending: number) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [urlText, setUrlText] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const nextId = useRef(1);
  const inputRef = useRef<HTMLInputElement>(null);

  const pending = uploads.filter((u) => !u.error).length;
  useEffect(() => onPendingChange?.(pending), [pending, onPendingChange]);

  const setUpload = (id: number, patch: Partial<Upload> | null) =>
    setUploads((list) =>
      patch === null
        ? list.filter((u) => u.id !== id)
        : list.map((u) => (u.id === id ? { ...u, ...patch } : u)),
    );

  const addFiles = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const id = nextId.current++;
      setUploads((list) => [...list, { id, name: file.name, progress: 0 }]);
      if (file.size > MAX_BYTES) {
        setUpload(id, { error: "larger than 10 MB" });
        continue;
      }
      uploadFile(file, (progress) => setUpload(id, { progress }))
        .then((image) => {
          onChange((list) => [...list, image]);
          setUpload(id, null);
        })
        .catch((e: unknown) => setUpload(id, { error: e instanceof Error ? e.message : "failed" }));
    }
  };

  const addUrls = () => {
    const urls = splitList(urlText);
    const bad = urls.filter((u) => !isHttpUrl(u));
    if (bad.length > 0) {
      setUrlError(`Not an http(s) URL: ${bad.join(", ")}`);
      return;
    }
    setUrlError(null);
    setUrlText("");
    onChange((list) => [...list, ...urls.map((url) => ({ kind: "url" as const, url }))]);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-ink-900">Images</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone also has a real button and file input */}
      <div
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes("Files")) {
            e.preventDefault();
            setDropActive(true);
          }
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={(e) => {
          if (e.dataTransfer.files.length > 0) {
            e.preventDefault();
            setDropActive(false);
            addFiles(e.dataTransfer.files);
          }
        }}
        className={`rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm ${dropActive ? "border-sea-500 bg-sea-50" : "border-sand-200"}`}
      >
        <p className="text-ink-600">Drop images here, or</p>
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          className="mt-2 rounded-lg bg-white px-3 py-1.5 font-semibold text-sea-900 ring-1 ring-sand-200 hover:bg-sand-100"
        >
          Choose images
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-label="Upload images"
          data-testid="image-upload"
          onChange={(e) => {
            if (e.target.files) addFiles(e.target.files);
            e.target.value = "";
          }}
        />
        <p className="mt-2 text-xs text-ink-500">PNG, JPG, JPEG, WebP up to 10MB each</p>
      </div>

      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate">{u.name}</span>
                {u.error ? (
                  <span role="alert" className="text-rose-700">
                    {u.name}: {u.error}{" "}
                    <button
                      type="button"
                      className="underline"
                      onClick={() => setUpload(u.id, null)}
                    >
                      Dismiss
                    </button>
                  </span>
                ) : (
                  <span>{u.progress}%</span>
                )}
              </div>
              {!u.error && (
                <progress
                  className="h-2 w-full"
                  max={100}
                  value={u.progress}
                  aria-label={`Uploading ${u.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      {images.length > 0 && (
        <ol
          className="grid grid-cols-2 gap-3 sm:grid-cols-4"
          aria-label="Images in order"
          data-testid="image-list"
        >
          {images.map((image, index) => {
            const key = image.kind === "media" ? image.mediaKey : image.url;
            const label = index === 0 ? "Main image" : `Image ${index + 1}`;
            return (
              <li
                key={key}
                draggable
                data-testid="image-item"
                data-key={key}
                onDragStart={(e) => {
                  setDragging(index);
                  e.dataTransfer.effectAllowed = "move";
                  e.dataTransfer.setData("text/plain", String(index));
                }}
                onDragOver={(e) => {
                  if (dragging !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  if (dragging === null) return;
                  e.preventDefault();
                  onChange((list) => move(list, dragging, index));
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
                className={`relative overflow-hidden rounded-lg bg-sand-100 ring-1 ${index === 0 ? "ring-2 ring-sea-500" : "ring-sand-200"} ${dragging === index ? "opacity-50" : ""}`}
              >
                <img
                  src={imageSrc(image) ?? ""}
                  alt={label}
                  className="aspect-[4/3] w-full object-cover"
                />
                <span className="absolute top-1 left-1 rounded bg-ink-900/70 px-1.5 text-xs text-white">
                  {index === 0 ? "Main" : index + 1}
                </span>
                <div className="flex items-center justify-between bg-white px-1 py-0.5 text-xs">
                  <button
                    type="button"
                    aria-label={`Move ${label} earlier`}
                    disabled={index === 0}
                    onClick={() => onChange((list) => move(list, index, index - 1))}
                    className="min-h-10 min-w-10 rounded text-base hover:bg-sand-100 disabled:opacity-30"
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove ${label}`}
                    onClick={() => onChange((list) => list.filter((_, i) => i !== index))}
                    className="min-h-10 rounded px-2 text-rose-700 hover:bg-rose-50"
                  >
                    Remove
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${label} later`}
                    disabled={index === images.length - 1}
                    onClick={() => onChange((list) => move(list, index, index + 1))}
                    className="min-h-10 min-w-10 rounded text-base hover:bg-sand-100 disabled:opacity-30"
                  >
                    →
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {error && <p className="text-sm text-rose-700">{error}</p>}

      <div>
        <label className="block text-sm font-medium text-ink-900" htmlFor="image-urls">
          Image URLs (comma-separated)
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="image-urls"
            value={urlText}
            onChange={(e) => setUrlText(e.target.value)}
            placeholder="https://example.com/a.jpg, https://example.com/b.jpg"
            className="block w-full rounded-lg border border-sand-200 px-3 py-2"
          />
          <button
            type="button"
            onClick={addUrls}
            className="shrink-0 rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-sand-200 hover:bg-sand-100"
          >
            Add URLs
          </button>
        </div>
        {urlError && <p className="mt-1 text-sm text-rose-700">{urlError}</p>}
      </div>
    </fieldset>
  );
}
