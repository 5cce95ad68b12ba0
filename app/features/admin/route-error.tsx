import { href, isRouteErrorResponse, Link, useNavigate, useRouteError } from "react-router";
import { buttonStyles } from "./admin-layout.tsx";
import { Modal } from "./modal.tsx";

/**
 * A child page of the list that failed (usually a property deleted meanwhile, or the database
 * not answering), over the list.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const response = isRouteErrorResponse(error) ? error : null;
  const notFound = response?.status === 404;
  // The server's own sentence (with its log reference), as the admin guard sends it.
  const told = (response?.data as { error?: unknown } | null | undefined)?.error;
  if (!response) console.error(error);
  return (
    <Modal
      title={notFound ? "Property not found" : "Something went wrong"}
      onClose={() => navigate(href("/admin"))}
    >
      <p className="text-ink-600">
        {notFound
          ? "This property does not exist any more. It may have been deleted; see Deleted properties."
          : typeof told === "string"
            ? told
            : "The page could not be shown. Try again, or go back to the list."}
      </p>
      <div className="mt-4 flex justify-end">
        <Link to={href("/admin")} className={buttonStyles.secondary}>
          Back to the list
        </Link>
      </div>
    </Modal>
  );
}
