/**
 * `npm run build` runs this after the site's build: packs an empty PostgreSQL cluster for the
 * embedded database, so that a first start unpacks it instead of running initdb (decision 099).
 */
import { packEmptyCluster } from "../app/db/empty-cluster.server.ts";

console.log(`Packed an empty database: ${await packEmptyCluster()}`);
