import { Component } from 'react';
import type { ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Keeps one broken view (e.g. a chunk that failed to load) from taking the whole console down. */
export class ViewErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (this.state.failed) {
      return (
        <div className="screen" role="alert">
          <h1>화면을 표시하지 못했습니다.</h1>
          <p>
            네트워크 연결을 확인한 뒤{' '}
            <button type="button" onClick={() => window.location.reload()}>
              다시 불러오기
            </button>
            를 눌러 주세요.
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}
