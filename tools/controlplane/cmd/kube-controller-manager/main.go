// Command kube-controller-manager is a thin entry point over k8s.io/kubernetes/cmd/kube-controller-manager/app:
// the job, cronjob, replicaset, deployment, statefulset, garbage-collector, namespace and service-account
// controllers that @WorkloadMapTest's API_SERVER tier runs beside the API server.
package main

import (
	"os"
	_ "time/tzdata" // CronJob time zones

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	"k8s.io/kubernetes/cmd/kube-controller-manager/app"
)

func main() {
	os.Exit(cli.Run(app.NewControllerManagerCommand()))
}
