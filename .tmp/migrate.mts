import { migrateDatabase, openDatabase } from '/work/wt/scale/server/db/client.ts'
const d = await openDatabase({ databaseUrl: process.env.DATABASE_URL })
await migrateDatabase(d)
await d.close()
