import { runBodyBench } from './body.bench';
import { runCompareBench } from './compare.bench';
import { runComparePageBench } from './compare-page.bench';
import { runDiscussionBench } from './discussion.bench';
import { runDiscussionPageBench } from './discussion-page.bench';
import { httpBenchOptionsFromEnv, runHttpBench } from './http.bench';
import { runPageBench } from './page.bench';
import { runPreviewImageBench } from './preview-image.bench';
import { runReaderPageBench } from './reader-page.bench';
import { runResponsesBench } from './responses.bench';
import { runImportBench } from './import.bench';
import { runLongMapBench } from './long-map.bench';
import { runSimilarityBench } from './similarity.bench';

// `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same
// run, and writing its figures to bench/results/*.json. PostgreSQL is included when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set; BENCH_PROFILE=1 profiles the app under load.

await runCompareBench();
runBodyBench();
runSimilarityBench();
runImportBench();
runDiscussionBench();
await runHttpBench(httpBenchOptionsFromEnv(process.env));
await runPreviewImageBench();
await runPageBench();
await runLongMapBench();
await runReaderPageBench();
await runComparePageBench();
await runDiscussionPageBench();
await runResponsesBench();
