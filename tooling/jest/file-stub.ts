// Stands in for an imported asset URL (webpack's asset/resource) under jest.
export default 'asset-stub';
