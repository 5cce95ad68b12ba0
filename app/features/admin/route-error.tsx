import { isRouteErrorResponse, Link, useNavigate, useRouteError } from "react-router";
import { buttonStyles } from "./admin-layout.tsx";
import { Modal } from "./modal.tsx";

/** A child page of the list that failed (usually a property deleted meanwhile), over the list. */
export function AdminRouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Modal
      title={notFound ? "Property not found" : "Something went wrong"}
      onClose={() => navigate("/admin")}
    >
      <p className="text-ink-600">
        {notFound
          ? "This property does not exist any more. It may have been deleted; see Deleted properties."
          : "The page could not be shown. Try again, or go back to the list."}
      </p>
      <div className="mt-4 flex justify-end">
        <Link to="/admin" className={buttonStyles.secondary}>
          Back to the list
        </Link>
      </div>
    </Modal>
  );
}
