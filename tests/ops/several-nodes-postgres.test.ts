import { twoNodeSuite } from './helpers/two-nodes.ts';

// Two app nodes on one PostgreSQL database (decisions 151 and 152): the tests of helpers/two-nodes.ts,
// the database a throw-away cluster of this file.
twoNodeSuite('postgres');
