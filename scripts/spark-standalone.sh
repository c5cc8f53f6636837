#!/usr/bin/env bash
# A Spark standalone cluster on this machine, from the Spark jars Maven fetched for fabriclab-spark,
# for trying `fabriclab run SPEC --spark spark://HOST:PORT` (docs/specs.md, "Spark").
#
#   scripts/spark-standalone.sh start    # a master on 127.0.0.1:7077 and one worker (1 core, 1g)
#   scripts/spark-standalone.sh status
#   scripts/spark-standalone.sh stop
#
# Environment (all optional): SPARK_MASTER_HOST (127.0.0.1), SPARK_MASTER_PORT (7077),
# SPARK_MASTER_WEBUI_PORT (8080), SPARK_WORKER_CORES (1), SPARK_WORKER_MEMORY (1g: what the worker
# hands to executors), SPARK_DAEMON_HEAP (256m: each daemon's own heap), FABRICLAB_SPARK_STANDALONE
# (fabriclab-spark/target/spark-standalone: pids, logs, the workers' work folders).
#
# The daemons and the executors they start get only Spark and its libraries (Maven's provided
# closure of spark-core plus the libraries fabriclab shares with it, such as Jackson), never
# fabriclab's own jars: those reach the executors through spark.jars, as on a real cluster.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
die() { echo "spark-standalone: error: $*" >&2; exit 2; }
host="${SPARK_MASTER_HOST:-127.0.0.1}"
port="${SPARK_MASTER_PORT:-7077}"
webui="${SPARK_MASTER_WEBUI_PORT:-8080}"
cores="${SPARK_WORKER_CORES:-1}"
memory="${SPARK_WORKER_MEMORY:-1g}"
heap="${SPARK_DAEMON_HEAP:-256m}"
state="${FABRICLAB_SPARK_STANDALONE:-$here/fabriclab-spark/target/spark-standalone}"
sp="$here/fabriclab-spark/target"
for v in port webui cores; do
  [[ "${!v}" =~ ^[0-9]+$ ]] || die "invalid ${v} '${!v}': a whole number"
done
[ "$port" -ge 1 ] && [ "$port" -le 65535 ] || die "invalid SPARK_MASTER_PORT $port: valid range 1..65535"
[[ "$memory" =~ ^[0-9]+[mMgG]$ ]] || die "invalid SPARK_WORKER_MEMORY '$memory': digits with m or g, e.g. 1g"
[[ "$heap" =~ ^[0-9]+[mMgG]$ ]] || die "invalid SPARK_DAEMON_HEAP '$heap': digits with m or g, e.g. 256m"

# Whether something accepts connections on host:port (bash's /dev/tcp, one second at most).
answers() { timeout 1 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }
running() { [ -f "$state/$1.pid" ] && kill -0 "$(cat "$state/$1.pid")" 2>/dev/null; }

# The daemons' class path: Spark's jars (spark-classpath.txt, Maven's provided scope) and the
# libraries on fabriclab's class path that are not fabriclab's own modules (the ones Spark shares
# with it resolve to fabriclab's versions, so Maven lists them there).
classpath() {
  if [ ! -f "$sp/spark-classpath.txt" ] || [ ! -f "$sp/fabriclab-classpath.txt" ]; then
    command -v mvn >/dev/null || die "Maven (mvn) is needed to fetch Spark (fabriclab-spark's dependencies)"
    echo "spark-standalone: building fabriclab-spark (mvn -B -q -DskipTests package)..." >&2
    (cd "$here" && mvn -B -q -DskipTests package) >&2
  fi
  local libs
  libs="$(tr ':' '\n' < "$sp/fabriclab-classpath.txt" | grep -v -e '/fabriclab-[a-z]*/target/' -e '/org/fabriclab/' | paste -sd: -)"
  echo "$(cat "$sp/spark-classpath.txt"):$libs"
}

start() {
  command -v java >/dev/null || die "java is not on the PATH; install a JDK 17 or newer"
  if running master || running worker; then
    die "a cluster started by this script is running (spark://$host:$port; stop it with $0 stop)"
  fi
  if answers "$host" "$port"; then
    die "something already listens on $host:$port (set SPARK_MASTER_PORT to another port)"
  fi
  local cp opens
  cp="$(classpath)"
  opens="$(sed -n 's:.*<spark.jvm.options>\(.*\)</spark.jvm.options>.*:\1:p' "$here/fabriclab-spark/pom.xml")"
  mkdir -p "$state/work" "$state/home/jars"
  rm -f "$state/home/jars/"*
  # the worker starts executors with SPARK_HOME/jars/* (empty here, but it must exist) and
  # SPARK_DIST_CLASSPATH as their class path
  export SPARK_HOME="$state/home" SPARK_SCALA_VERSION=2.13 SPARK_LOG_DIR="$state" SPARK_DIST_CLASSPATH="$cp"
  # shellcheck disable=SC2086
  nohup java -Xmx"$heap" $opens -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$cp" org.apache.spark.deploy.master.Master \
    --host "$host" --port "$port" --webui-port "$webui" >"$state/master.log" 2>&1 &
  echo $! >"$state/master.pid"
  for _ in $(seq 1 60); do
    answers "$host" "$port" && break
    running master || die "the master did not start; see $state/master.log"
    sleep 0.5
  done
  answers "$host" "$port" || die "the master did not answer on $host:$port within 30 s; see $state/master.log"
  # shellcheck disable=SC2086
  nohup java -Xmx"$heap" $opens -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$cp" org.apache.spark.deploy.worker.Worker \
    --host "$host" --cores "$cores" --memory "$memory" --work-dir "$state/work" --webui-port 0 \
    "spark://$host:$port" >"$state/worker.log" 2>&1 &
  echo $! >"$state/worker.pid"
  for _ in $(seq 1 60); do
    grep -q 'Successfully registered with master' "$state/worker.log" 2>/dev/null && break
    running worker || die "the worker did not start; see $state/worker.log"
    sleep 0.5
  done
  grep -q 'Successfully registered with master' "$state/worker.log" \
    || die "the worker did not register with the master within 30 s; see $state/worker.log"
  echo "spark-standalone: master spark://$host:$port (web UI http://$host:$webui), one worker ($cores core(s), $memory); logs in $state"
  echo "  ./fabriclab run examples/collective-allreduce.yaml --out results/ar-spark --spark spark://$host:$port"
}

stop() {
  local any=0
  for d in worker master; do
    if running "$d"; then
      kill "$(cat "$state/$d.pid")" && any=1
      for _ in $(seq 1 20); do running "$d" || break; sleep 0.25; done
      running "$d" && kill -9 "$(cat "$state/$d.pid")" 2>/dev/null || true
    fi
    rm -f "$state/$d.pid"
  done
  [ "$any" = 1 ] && echo "spark-standalone: stopped" || echo "spark-standalone: nothing was running"
}

status() {
  for d in master worker; do
    if running "$d"; then echo "$d: running (pid $(cat "$state/$d.pid"))"; else echo "$d: stopped"; fi
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) die "usage: $0 start|stop|status (got '${1:-}')" ;;
esac
