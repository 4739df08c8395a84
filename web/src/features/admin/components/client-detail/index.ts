// One client's page, one component a file (issue 28 item 8).
export { ClientDetail } from './client-detail';
export { IcpView, icpLabel } from './icp-view';
export { JobBoardsSection } from './job-boards-section';
